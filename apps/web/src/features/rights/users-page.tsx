import { UsersList } from '../../components/users/users-list';
import { RIGHTS_KEY, changeUserRights, rightsUsersQueryOptions } from './api';

/** Rights management's users (RIGHTS.USERS): each one's company, roles and groups changed in a dialog. */
export function UsersPage() {
  return (
    <UsersList
      mode="rights"
      rememberAs="rights-users"
      query={rightsUsersQueryOptions}
      save={(user, body) => changeUserRights(user.id, body)}
      changes={[RIGHTS_KEY]}
    />
  );
}
