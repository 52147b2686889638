import { UsersList } from '../../components/users/users-list';
import { CONFIGURATION_KEY, configurationUsersQueryOptions, placeUser } from './api';

/** Configuration's users (CONFIGURATION.USERS): each one moved to another company or groups, roles untouched. */
export function UsersPage() {
  return (
    <UsersList
      mode="placement"
      rememberAs="configuration-users"
      query={configurationUsersQueryOptions}
      save={(user, body) => placeUser(user.id, { companyId: body.companyId, groupIds: body.groupIds })}
      changes={[CONFIGURATION_KEY]}
    />
  );
}
