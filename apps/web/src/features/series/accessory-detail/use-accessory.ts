import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { accessoryQueryOptions } from '../api/accessory-detail';

/** The accessory of the page's route; every tab reads the one answer. */
export function useAccessory() {
  const serialNumber = useParams().serialNumber ?? '';
  return { serialNumber, accessory: useQuery(accessoryQueryOptions(serialNumber)) };
}
