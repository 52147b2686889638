import { Navigate } from 'react-router';
import { paths, startPath } from '../config/paths';
import { useCanUse } from '../hooks/use-can-use';

/** `/` for a signed-in user whose rights are known (it sits under the route guard). */
export function StartRedirect() {
  return <Navigate to={startPath(useCanUse(paths.seriesDevices.feature))} replace />;
}
