import { useQuery } from '@tanstack/react-query';
import { CallState } from '../../../components/call-state';
import { accessoryUsersQueryOptions } from '../api/accessory-detail';
import { UsersTable } from '../detail/users-table';
import { AttachedDevice } from './attached-device';

function Users({ id }: { id: number }) {
  const users = useQuery(accessoryUsersQueryOptions(id));
  return <CallState call={users}>{(list) => <UsersTable users={list} />}</CallState>;
}

/** The users of the device the accessory is attached to. */
export function AccessoryUsersTab() {
  return <AttachedDevice>{(_, accessory) => <Users id={accessory.id} />}</AttachedDevice>;
}
