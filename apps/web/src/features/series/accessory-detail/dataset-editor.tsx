import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JsonObjectEditor } from '../../../components/json-object-editor';
import { showSuccess } from '../../../components/show-success';
import { replaceAccessoryDataMutation } from '../api/accessory-detail';

interface DatasetEditorProps {
  id: number;
  serialNumber: string;
  data: Record<string, unknown>;
  onClose: () => void;
}

/** The data set as JSON text: it must read as a JSON object before it is sent; the server checks its size. */
export function DatasetEditor({ id, serialNumber, data, onClose }: DatasetEditorProps) {
  const { t } = useTranslation();
  const replace = useMutation(replaceAccessoryDataMutation(id));
  return (
    <JsonObjectEditor
      label={t('series.accessory_detail.dataset.json')}
      value={data}
      saveLabel={t('series.accessory_detail.dataset.save')}
      onSave={async (value) => {
        await replace.mutateAsync(value);
        showSuccess(t('series.accessory_detail.dataset.saved', { serialNumber }));
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
