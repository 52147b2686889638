import type { Tool } from '../components/tool-cards';
import { paths } from './paths';

/**
 * The services page's cards (platform §2), in its order, each by its feature: the customer's first, then
 * staff's tools. A card is listed once its screen works.
 */
export const SERVICES_TOOLS: readonly Tool[] = [
  { key: 'calibration_request', route: paths.calibrationRequest },
  { key: 'address_book', route: paths.addressBook },
  { key: 'orders', route: paths.userOrders },
  { key: 'internal_steps', route: paths.internalSteps },
  { key: 'shopping_management', route: paths.shoppingManagement },
  { key: 'orders_management', route: paths.ordersManagement },
  { key: 'service_centers', route: paths.serviceCenterManagement },
  { key: 'accounting', route: paths.accountingManagement },
  { key: 'statistics', route: paths.statistics },
  { key: 'webhooks', route: paths.webhooks },
];
