import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductLogo } from '../../components/product-logo';
import { UserMenu } from './user-menu';

export function TopBar() {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <UnstyledButton component={Link} to="/" aria-label={t('app.top_bar.home')}>
        <Group gap="sm" wrap="nowrap">
          <ProductLogo h={40} w={110} alt="" />
          <Text fw={700} size="lg" visibleFrom="sm">
            {t('app.product.name')}
          </Text>
        </Group>
      </UnstyledButton>
      <UserMenu />
    </Group>
  );
}
