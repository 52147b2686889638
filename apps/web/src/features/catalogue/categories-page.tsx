import { categoryBodySchema, type Category } from '@fleet/contract';
import { useMutation } from '@tanstack/react-query';
import { useContractForm } from '../../hooks/use-contract-form';
import { categoriesQuery, saveCategoryMutation } from './api';
import { ActiveBadge, ActiveField } from '../../components/records/active';
import { FormFrame } from '../../components/records/record-form';
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
  const save = () =>
    void form
      .submit((body) => saveCategory.mutateAsync({ id: record?.id ?? null, body }))
      .then((saved) => saved && finish(true));
  return (
    <FormFrame
      unchanged={record !== null && !form.changed}
      busy={form.busy}
      failure={form.failure}
      onSave={save}
      onCancel={() => finish(false)}
    >
      <CatalogueTextField
        field="code"
        value={form.values.code}
        onChange={(value) => form.set('code', value)}
        refused={form.refused('code')}
        required
        maxLength={40}
        autoFocus
      />
      <CatalogueTextField
        field="name"
        value={form.values.name}
        onChange={(value) => form.set('name', value)}
        refused={form.refused('name')}
        required
        maxLength={120}
      />
      <DescriptionField
        value={form.values.description ?? ''}
        onChange={(value) => form.set('description', value)}
      />
      <ActiveField value={form.values.active} onChange={(value) => form.set('active', value)} />
    </FormFrame>
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
