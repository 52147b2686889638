import { PRODUCT_KINDS, productBodySchema, type Product, type ProductKind } from '@fleet/contract';
import { Select } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../hooks/use-contract-form';
import { categoriesQuery, productsQuery, saveProductMutation } from './api';
import { ActiveBadge, ActiveField } from '../../components/records/active';
import { ContractFormFrame } from '../../components/records/record-form';
import { CatalogueTextField, DescriptionField } from './catalogue-form';
import { CatalogueTab } from './catalogue-tab';

function ProductForm({ record, finish }: { record: Product | null; finish: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery);
  const form = useContractForm(productBodySchema, {
    code: record?.code ?? '',
    name: record?.name ?? '',
    description: record?.description ?? '',
    categoryId: record?.category.id ?? 0,
    kind: record?.kind ?? 'part',
    active: record?.active ?? true,
  });
  const saveProduct = useMutation(saveProductMutation);
  return (
    <ContractFormFrame
      form={form}
      editing={record !== null}
      save={(body) => saveProduct.mutateAsync({ id: record?.id ?? null, body })}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
    >
      <CatalogueTextField form={form} name="code" required maxLength={40} autoFocus />
      <CatalogueTextField form={form} name="name" required maxLength={120} />
      <DescriptionField form={form} />
      <Select
        label={t('catalogue.fields.category')}
        required
        data={(categories.data?.categories ?? []).map((category) => ({
          value: String(category.id),
          label: category.name,
        }))}
        value={form.values.categoryId ? String(form.values.categoryId) : null}
        onChange={(value) => form.set('categoryId', Number(value))}
        error={form.refused('categoryId') ? t('catalogue.problems.category') : undefined}
        allowDeselect={false}
      />
      <Select
        label={t('catalogue.fields.kind')}
        description={t('catalogue.fields.kind_hint')}
        data={PRODUCT_KINDS.map((kind) => ({ value: kind, label: t(`catalogue.kinds.${kind}`) }))}
        value={form.values.kind}
        onChange={(value) => value && form.set('kind', value as ProductKind)}
        allowDeselect={false}
      />
      <ActiveField value={form.values.active} onChange={(value) => form.set('active', value)} />
    </ContractFormFrame>
  );
}

/** Products (SHOPPING.MANAGE.PRODUCTS): what is sold, by kind, each sold as one or more SKUs. */
export function ProductsPage() {
  const { t } = useTranslation();
  return (
    <CatalogueTab
      part="products"
      query={productsQuery}
      records={(data) => data.products}
      keyOf={(product) => product.id}
      nameOf={(product) => product.name}
      Form={ProductForm}
      columns={[
        { key: 'code', render: (product) => product.code },
        { key: 'name', render: (product) => product.name },
        { key: 'category', render: (product) => product.category.name },
        { key: 'kind', render: (product) => t(`catalogue.kinds.${product.kind}`) },
        { key: 'skus', render: (product) => product.skuCount },
        { key: 'status', render: (product) => <ActiveBadge active={product.active} /> },
      ]}
    />
  );
}
