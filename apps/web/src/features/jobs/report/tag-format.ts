import {
  TEMPERATURE_SYMBOLS,
  convertTemperature,
  type LayoutConversion,
  type LayoutTranslation,
  type TemperatureUnit,
} from '@fleet/contract';
import type { TFunction } from 'i18next';

export interface FormatContext {
  t: TFunction;
  temperatureUnit: TemperatureUnit;
  /** Numbers in the user's language. */
  numberFormat: Intl.NumberFormat;
}

/** A tag's label in the user's language; a tag the console does not know is shown by its name. */
export function tagLabel(tag: string, t: TFunction): string {
  return t(`job_detail.tags.${tag.toLowerCase()}`, { defaultValue: tag });
}

/** A value as the layout asks: converted (°C to the user's unit), translated, or as it is. */
export function formatTagValue(
  value: unknown,
  how: { translate?: LayoutTranslation | undefined; convert?: LayoutConversion | undefined },
  context: FormatContext,
): string {
  if (value === null || value === undefined) return '';
  if (how.convert === 'temperature' && typeof value === 'number')
    return `${context.numberFormat.format(convertTemperature(value, context.temperatureUnit))} ${TEMPERATURE_SYMBOLS[context.temperatureUnit]}`;
  if (how.translate) {
    const text = String(value);
    return context.t(`job_detail.values.${how.translate}.${text.toLowerCase()}`, { defaultValue: text });
  }
  if (typeof value === 'number') return context.numberFormat.format(value);
  if (typeof value === 'boolean') return context.t(`job_detail.values.yesno.${String(value)}`);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
