import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductLogo } from '../../components/product-logo';
import { paths, termsLink } from '../../config/paths';
import classes from './shell-footer.module.css';
import { VersionBox } from './version-box';

const COPYRIGHT_YEAR = 2023;

/** After the page content, in its flow: it wraps on narrow screens and never covers the content. */
export function ShellFooter() {
  const { t } = useTranslation();
  return (
    <Group component="footer" className={classes.footer} px="md" py="xs" justify="space-between">
      <VersionBox className={classes.versionBox ?? ''} />
      <Group gap="lg" wrap="nowrap">
        <Anchor component={Link} to={paths.about.path} size="sm">
          {t('app.footer.about')}
        </Anchor>
        <Anchor component={Link} to={termsLink()} size="sm">
          {t('app.footer.terms')}
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('app.footer.copyright', { year: COPYRIGHT_YEAR, product: t('app.product.name') })}
        </Text>
        <ProductLogo maw={110} mah={40} h={40} w="auto" />
      </Group>
    </Group>
  );
}
