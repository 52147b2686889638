import type { Variant } from '@fleet/contract';
import { Image, type ImageProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../hooks/use-app-settings';
import toolEquipmentLogo from '../assets/variants/tool-equipment/logo.svg';
import tyrePressureLogo from '../assets/variants/tyre-pressure/logo.svg';

const LOGOS: Record<Variant, string> = {
  'tool-equipment': toolEquipmentLogo,
  'tyre-pressure': tyrePressureLogo,
};

type ProductLogoProps = Omit<ImageProps, 'src'> & { className?: string; alt?: string };

/** The variant's logo; its text alternative is the product name unless the caller names it otherwise. */
export function ProductLogo({ alt, ...props }: ProductLogoProps) {
  const { variant } = useAppSettings();
  const { t } = useTranslation();
  return <Image src={LOGOS[variant]} alt={alt ?? t('app.product.name')} fit="contain" {...props} />;
}
