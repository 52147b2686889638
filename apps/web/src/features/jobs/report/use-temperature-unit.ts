import { TEMPERATURE_UNITS, type TemperatureUnit } from '@fleet/contract';
import { useLocalStorage } from '@mantine/hooks';

const isUnit = (value: unknown): value is TemperatureUnit =>
  typeof value === 'string' && (TEMPERATURE_UNITS as readonly string[]).includes(value);

/** The unit temperatures are shown in on this browser (docs/job-detail.md); Celsius, as recorded, at first. */
export function useTemperatureUnit(): [TemperatureUnit, (unit: TemperatureUnit) => void] {
  const [unit, setUnit] = useLocalStorage<string>({ key: 'fleet.temperature-unit', defaultValue: 'celsius' });
  return [isUnit(unit) ? unit : 'celsius', setUnit];
}
