import { categoryBodySchema, type Category } from '@fleet/contract';
import { useMutation } from '@tanstack/react-query';
import { useContractForm } from '../../hooks/use-contract-form';
import { categoriesQuery, saveCategoryMutation } from './api';
import { ActiveBadge, ActiveField } from '../../components/records/active';
import { ContractFormFrame } from '../../components/records/record-form';
import { CatalogueTextField, DescriptionField } from './catalogue-form';
import { CatalogueTab } from './catalogue-tab';

function CategoryForm({ record, finish }: { record: Category | null; finish: (saved: boolean) => void }) {
  const form = useContractForm(categoryBodySchema, {
    code: record?.code ?? '',
    name: record?.name ?? '',
    description: record?.description ?? '',
    active: record?.active ?? true,
  });
  const saveCategory = useMutation(saveCategoryMutation);
  return (
    <ContractFormFrame
      form={form}
      editing={record !== null}
      save={(body) => saveCategory.mutateAsync({ id: record?.id ?? null, body })}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
    >
      <CatalogueTextField form={form} name="code" required maxLength={40} autoFocus />
      <CatalogueTextField form={form} name="name" required maxLength={120} />
      <DescriptionField form={form} />
      <ActiveField value={form.values.active} onChange={(value) => form.set('active', value)} />
    </ContractFormFrame>
  );
}

/** Categories group the products (SHOPPING.MANAGE.CATEGORIES). */
export function CategoriesPage() {
  return (
    <CatalogueTab
      part="categories"
      query={categoriesQuery}
      records={(data) => data.categories}
      keyOf={(category) => category.id}
      nameOf={(category) => category.name}
      Form={CategoryForm}
      columns={[
        { key: 'code', render: (category) => category.code },
        { key: 'name', render: (category) => category.name },
        { key: 'products', render: (category) => category.productCount },
        { key: 'status', render: (category) => <ActiveBadge active={category.active} /> },
      ]}
    />
  );
}
