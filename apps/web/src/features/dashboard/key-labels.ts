import {
  DEVICE_STATUSES,
  JOB_LISTS,
  jobListLabelKey,
  type DeviceStatusCode,
  type WidgetDimension,
} from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { deviceStatusKey } from '../../lib/device-status-key';
import { htmlLang } from '../../lib/i18n';
import { useRegionName } from '../../hooks/use-region-name';

/** The key the server gathers what a chart cannot show under. */
export const OTHER_KEY = '__other__';

const jobListValue = (list: 'type' | 'status', key: string) => JOB_LISTS[list][Number(key)] ?? 'Unknown';

/** Names each raw key a widget's data carries (a status code, a job type number, `2026-03`). */
export function useKeyLabel(): (dimension: WidgetDimension | undefined, key: string) => string {
  const { t, i18n } = useTranslation();
  const regionName = useRegionName();
  const monthFormat = new Intl.DateTimeFormat(htmlLang(i18n.language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (dimension, key) => {
    if (key === OTHER_KEY) return t('dashboard.keys.other');
    switch (dimension) {
      case undefined:
        return t('dashboard.keys.count');
      case 'device_status':
        return key in DEVICE_STATUSES ? t(deviceStatusKey(key as DeviceStatusCode)) : key;
      case 'connection':
        return t(`dashboard.keys.${key === 'online' ? 'online' : 'offline'}`);
      case 'calibration_status':
        return key === 'None'
          ? t('dashboard.keys.no_certificate')
          : t(`series.detail.certificates.status.${key.toLowerCase()}`);
      case 'job_type':
        return t(`jobs.${jobListLabelKey('type', jobListValue('type', key))}`);
      case 'job_status':
        return t(`jobs.${jobListLabelKey('status', jobListValue('status', key))}`);
      case 'country':
        return key ? regionName(key) : t('dashboard.keys.unknown');
      case 'version':
        return key || t('dashboard.keys.unknown');
      case 'month':
        return monthFormat.format(new Date(`${key}-01T00:00:00Z`));
      default:
        return key;
    }
  };
}
