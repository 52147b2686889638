import {
  ADDRESS_BODY_FIELDS,
  ADDRESS_FIELDS,
  deliverableFields,
  type AddressFieldValues,
} from './address-fields';
import { i18n } from '../../lib/i18n';

/**
 * The problems of a deliverable address's fields, each under its own field, for a form on the form layer
 * whose body holds the address at `at` (`address`, `pickupAddress`): a field its region requires left
 * empty is said to be required, others by the rule they break. A missing street is refused on the lines
 * as a whole.
 */
export function addressErrors(
  form: { error: (field: string) => string | undefined; refused: (field: string) => boolean },
  at: string,
  values: AddressFieldValues,
): Partial<Record<keyof AddressFieldValues, string>> {
  const required = deliverableFields(values.regionCode);
  const problemOf = (field: keyof AddressFieldValues) =>
    field === 'line1' && !form.refused(`${at}.addressLines.1`)
      ? form.error(`${at}.addressLines`)
      : form.error(`${at}.${ADDRESS_BODY_FIELDS[field]}`);
  return Object.fromEntries(
    ADDRESS_FIELDS.flatMap((field) => {
      const problem = problemOf(field);
      if (problem === undefined) return [];
      const empty = (values[field] ?? '').trim() === '';
      return [[field, required.includes(field) && empty ? i18n.t('common.field_rules.required') : problem]];
    }),
  );
}
