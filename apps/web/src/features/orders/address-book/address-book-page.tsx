import type { AddressBookEntry } from '@fleet/contract';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddressBlock } from '../../../components/address/address-block';
import { CallState } from '../../../components/call-state';
import { confirm } from '../../../components/dialogs';
import { showError } from '../../../components/show-error';
import { showSuccess } from '../../../components/show-success';
import { addressBookQuery, deleteAddressMutation } from '../api';
import { openAddressDialog } from './address-dialog';
import { PageFrame } from '../../../components/page-frame';

/** Route /services/my_address_book: the company's addresses, to pick devices up from and to bill. */
export function AddressBookPage() {
  const { t } = useTranslation();
  const book = useQuery(addressBookQuery);
  const deletion = useMutation(deleteAddressMutation);

  const edit = async (entry: AddressBookEntry | null) => {
    const saved = await openAddressDialog(entry);
    if (!saved) return;
    showSuccess(
      t(entry ? 'services.address_book.saved' : 'services.address_book.added', { label: saved.label }),
    );
  };
  const remove = async (entry: AddressBookEntry) => {
    const sure = await confirm({
      title: t('services.address_book.delete_title', { label: entry.label }),
      message: t('services.address_book.delete_text'),
      confirmLabel: t('services.address_book.delete'),
      danger: true,
    });
    if (!sure) return;
    try {
      await deletion.mutateAsync(entry.id);
      showSuccess(t('services.address_book.deleted', { label: entry.label }));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <PageFrame
      title={t('services.address_book.title')}
      intro={t('services.address_book.intro')}
      actions={<Button onClick={() => void edit(null)}>{t('services.address_book.add')}</Button>}
    >
      <Stack gap="md">
        <CallState call={book}>
          {(data) =>
            data.addresses.length === 0 ? (
              <Text c="dimmed">{t('services.address_book.empty')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {data.addresses.map((entry) => (
                  <Card
                    key={entry.id}
                    withBorder
                    padding="md"
                    radius="md"
                    component="section"
                    aria-labelledby={`address-${entry.id}`}
                  >
                    <Stack gap="xs" h="100%" justify="space-between">
                      <div>
                        <Group gap="xs" mb={4}>
                          <Title order={2} size="h5" id={`address-${entry.id}`}>
                            {entry.label}
                          </Title>
                          {entry.defaultPickup && (
                            <Badge variant="light">{t('services.address_book.pickup_badge')}</Badge>
                          )}
                          {entry.defaultBilling && (
                            <Badge variant="light" color="grape">
                              {t('services.address_book.billing_badge')}
                            </Badge>
                          )}
                        </Group>
                        <AddressBlock address={entry.address} />
                      </div>
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => void edit(entry)}
                          aria-label={t('services.address_book.edit_named', { label: entry.label })}
                        >
                          {t('services.address_book.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={deletion.isPending && deletion.variables === entry.id}
                          onClick={() => void remove(entry)}
                          aria-label={t('services.address_book.delete_named', { label: entry.label })}
                        >
                          {t('services.address_book.delete')}
                        </Button>
                      </Group>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            )
          }
        </CallState>
      </Stack>
    </PageFrame>
  );
}
