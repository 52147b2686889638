import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { paths, type RouteSpec } from '../config/paths';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { withChunkTimeout } from '../lib/chunk-reload';
import { DocumentTitle, type ScreenHandle, type TitlePart } from './document-title';
import { RouteGuard } from './route-guard';
import { ScreenFrame } from './screen-frame';
import { ShellLayout } from './shell/shell-layout';
import { StartRedirect } from './start-redirect';

export interface Screen {
  route: RouteSpec;
  /**
   * What the browser tab's title says of this screen (null: nothing, its tabs say it). Required, so
   * that every screen added names itself.
   */
  title: TitlePart | null;
  /** Each screen is its own chunk. */
  load: () => Promise<ComponentType>;
  /** Screens shown inside this one (its tabs), each with its own feature. */
  children?: readonly Screen[];
}

const key = (translationKey: string): TitlePart => ({ key: translationKey });
const SERIAL_NUMBER: TitlePart = { param: 'serialNumber' };

/** The route table: every screen that exists, with the feature it needs (from `paths`). */
export const SCREENS: readonly Screen[] = [
  {
    route: paths.series,
    title: null,
    load: () => import('../features/series/series-area').then((m) => m.SeriesArea),
    children: [
      {
        route: paths.seriesDevices,
        title: key('series.tabs.devices'),
        load: () => import('../features/series/devices/devices-page').then((m) => m.DevicesPage),
      },
      {
        route: paths.seriesAccessories,
        title: key('series.tabs.accessories'),
        load: () => import('../features/series/accessories/accessories-page').then((m) => m.AccessoriesPage),
      },
    ],
  },
  {
    route: paths.jobs,
    title: null,
    load: () => import('../features/jobs/jobs-area').then((m) => m.JobsArea),
    children: [
      {
        route: paths.jobsLive,
        title: key('jobs.tabs.live'),
        load: () => import('../features/jobs/live-jobs-page').then((m) => m.LiveJobsPage),
      },
      {
        route: paths.jobsArchived,
        title: key('jobs.tabs.archived'),
        load: () => import('../features/jobs/archived-jobs-page').then((m) => m.ArchivedJobsPage),
      },
      {
        route: paths.jobsAssociations,
        title: key('jobs.tabs.associations'),
        load: () => import('../features/jobs/associations/associations-page').then((m) => m.AssociationsPage),
      },
    ],
  },
  {
    route: paths.jobDetails,
    title: { param: 'jobID' },
    load: () => import('../features/jobs/detail/job-detail-page').then((m) => m.JobDetailPage),
    children: [
      {
        route: paths.jobSummary,
        title: key('job_detail.tabs.summary'),
        load: () => import('../features/jobs/detail/summary/summary-tab').then((m) => m.SummaryTab),
      },
      {
        route: paths.jobGraphs,
        title: key('job_detail.tabs.graphs'),
        load: () => import('../features/jobs/detail/graphs/graphs-tab').then((m) => m.GraphsTab),
      },
      {
        route: paths.jobPictures,
        title: key('job_detail.tabs.pictures'),
        load: () => import('../features/jobs/detail/pictures/pictures-tab').then((m) => m.PicturesTab),
      },
    ],
  },
  {
    route: paths.serieDetails,
    title: SERIAL_NUMBER,
    load: () => import('../features/series/device-detail/device-detail-page').then((m) => m.DeviceDetailPage),
    children: [
      {
        route: paths.serieInfo,
        title: key('series.detail.tabs.info'),
        load: () =>
          import('../features/series/device-detail/info/device-info-tab').then((m) => m.DeviceInfoTab),
      },
      {
        route: paths.serieJobs,
        title: key('series.detail.tabs.jobs'),
        // The jobs list of the jobs area, scoped to the device.
        load: () => import('../features/jobs/device-jobs-tab').then((m) => m.DeviceJobsTab),
      },
      {
        route: paths.serieUsers,
        title: key('series.detail.tabs.users'),
        load: () =>
          import('../features/series/device-detail/users/device-users-tab').then((m) => m.DeviceUsersTab),
      },
      {
        route: paths.serieScreenshots,
        title: key('series.detail.tabs.screenshots'),
        load: () =>
          import('../features/series/device-detail/screenshots/device-screenshots-tab').then(
            (m) => m.DeviceScreenshotsTab,
          ),
      },
      {
        route: paths.serieComponents,
        title: key('series.detail.tabs.components'),
        load: () =>
          import('../features/series/device-detail/components/device-components-tab').then(
            (m) => m.DeviceComponentsTab,
          ),
      },
      {
        route: paths.serieConnections,
        title: key('series.detail.tabs.connections'),
        load: () =>
          import('../features/series/device-detail/connections/device-connections-tab').then(
            (m) => m.DeviceConnectionsTab,
          ),
      },
      {
        route: paths.serieUpdates,
        title: key('series.detail.tabs.updates'),
        load: () =>
          import('../features/series/device-detail/updates/device-updates-tab').then(
            (m) => m.DeviceUpdatesTab,
          ),
      },
      {
        route: paths.serieConfiguration,
        title: key('series.detail.tabs.configuration'),
        load: () =>
          import('../features/series/device-detail/configuration/device-configuration-tab').then(
            (m) => m.DeviceConfigurationTab,
          ),
      },
      {
        route: paths.serieCertificates,
        title: key('series.detail.tabs.certificates'),
        load: () =>
          import('../features/series/device-detail/certificates/device-certificates-tab').then(
            (m) => m.DeviceCertificatesTab,
          ),
      },
      {
        route: paths.serieGeolocations,
        title: key('series.detail.tabs.geolocations'),
        load: () =>
          import('../features/series/device-detail/geolocations/device-geolocations-tab').then(
            (m) => m.DeviceGeolocationsTab,
          ),
      },
    ],
  },
  {
    route: paths.accessoryDetails,
    title: SERIAL_NUMBER,
    load: () =>
      import('../features/series/accessory-detail/accessory-detail-page').then((m) => m.AccessoryDetailPage),
    children: [
      {
        route: paths.accessoryInfo,
        title: key('series.accessory_detail.tabs.info'),
        load: () =>
          import('../features/series/accessory-detail/accessory-info-tab').then((m) => m.AccessoryInfoTab),
      },
      {
        route: paths.accessoryUsers,
        title: key('series.accessory_detail.tabs.users'),
        load: () =>
          import('../features/series/accessory-detail/accessory-users-tab').then((m) => m.AccessoryUsersTab),
      },
      {
        route: paths.accessorySeries,
        title: key('series.accessory_detail.tabs.series'),
        load: () =>
          import('../features/series/accessory-detail/accessory-series-tab').then(
            (m) => m.AccessorySeriesTab,
          ),
      },
      {
        route: paths.accessoryDataset,
        title: key('series.accessory_detail.tabs.dataset'),
        load: () =>
          import('../features/series/accessory-detail/accessory-dataset-tab').then(
            (m) => m.AccessoryDatasetTab,
          ),
      },
      {
        route: paths.accessoryConfiguration,
        title: key('series.accessory_detail.tabs.configuration'),
        load: () =>
          import('../features/series/accessory-detail/accessory-configuration-tab').then(
            (m) => m.AccessoryConfigurationTab,
          ),
      },
      {
        route: paths.accessoryCertificates,
        title: key('series.accessory_detail.tabs.certificates'),
        load: () =>
          import('../features/series/accessory-detail/accessory-certificates-tab').then(
            (m) => m.AccessoryCertificatesTab,
          ),
      },
    ],
  },
  {
    route: paths.tasks,
    title: null,
    load: () => import('../features/tasks/tasks-area').then((m) => m.TasksArea),
    children: [
      {
        route: paths.tasksList,
        title: key('tasks.page.title'),
        load: () => import('../features/tasks/tasks-page').then((m) => m.TasksPage),
      },
    ],
  },
  {
    route: paths.company,
    title: key('company.page.title'),
    load: () => import('../features/company/company-page').then((m) => m.CompanyPage),
  },
  {
    route: paths.version,
    title: key('versions.page.title'),
    load: () => import('../features/versions/versions-page').then((m) => m.VersionsPage),
  },
  {
    route: paths.versionRollout,
    title: key('versions.rollout_page.title'),
    load: () => import('../features/versions/rollout-page').then((m) => m.RolloutPage),
  },
  {
    route: paths.devicesSupport,
    title: key('hub.support.title'),
    load: () =>
      import('../features/series/connected-devices/devices-support-page').then((m) => m.DevicesSupportPage),
  },
  {
    route: paths.stores,
    // Its tabs share names with other areas' (Import, Users): the area names itself first.
    title: key('stores.page.title'),
    load: () => import('../features/stores/stores-area').then((m) => m.StoresArea),
    children: [
      {
        route: paths.storesList,
        title: key('stores.tabs.list'),
        load: () => import('../features/stores/stores-list-page').then((m) => m.StoresListPage),
      },
      {
        route: paths.storesImport,
        title: key('stores.tabs.import'),
        load: () => import('../features/stores/store-import-page').then((m) => m.StoreImportPage),
      },
      {
        route: paths.storesExport,
        title: key('stores.tabs.export'),
        load: () => import('../features/stores/store-export-page').then((m) => m.StoreExportPage),
      },
    ],
  },
  {
    route: paths.vindb,
    // Its tabs share names with other areas' (Import, Users): the area names itself first.
    title: key('vindb.page.title'),
    load: () => import('../features/vindb/vindb-area').then((m) => m.VinDbArea),
    children: [
      {
        route: paths.vindbCar,
        title: key('vindb.tabs.car'),
        load: () => import('../features/vindb/vehicles-list-page').then((m) => m.VehiclesListPage),
      },
      {
        route: paths.vindbCarCreate,
        title: key('vindb.vehicle.create_title'),
        load: () => import('../features/vindb/vehicle-create-page').then((m) => m.VehicleCreatePage),
      },
      {
        route: paths.vindbCarDetails,
        title: { param: 'vin' },
        load: () => import('../features/vindb/vehicle-page').then((m) => m.VehiclePage),
      },
      {
        route: paths.vindbBattery,
        title: key('vindb.tabs.battery'),
        load: () => import('../features/vindb/batteries-list-page').then((m) => m.BatteriesListPage),
      },
      {
        route: paths.vindbBatteryCreate,
        title: key('vindb.battery.create_title'),
        load: () => import('../features/vindb/battery-create-page').then((m) => m.BatteryCreatePage),
      },
      {
        route: paths.vindbBatteryDetails,
        title: { param: 'reference' },
        load: () => import('../features/vindb/battery-page').then((m) => m.BatteryPage),
      },
      {
        route: paths.vindbImport,
        title: key('vindb.tabs.import'),
        load: () => import('../features/vindb/vindb-import-page').then((m) => m.VinDbImportPage),
      },
      {
        route: paths.vindbExport,
        title: key('vindb.tabs.export'),
        load: () => import('../features/vindb/vindb-export-page').then((m) => m.VinDbExportPage),
      },
    ],
  },
  {
    route: paths.rightsManagement,
    // Its tabs share names with other areas' (Import, Users): the area names itself first.
    title: key('rights.page.title'),
    load: () => import('../features/rights/rights-area').then((m) => m.RightsArea),
    children: [
      {
        route: paths.rightsUsers,
        title: key('rights.tabs.users'),
        load: () => import('../features/rights/users-page').then((m) => m.UsersPage),
      },
      {
        route: paths.rightsGroups,
        title: key('rights.tabs.groups'),
        load: () => import('../features/rights/groups-page').then((m) => m.GroupsPage),
      },
      {
        route: paths.rightsRoles,
        title: key('rights.tabs.roles'),
        load: () => import('../features/rights/roles-page').then((m) => m.RolesPage),
      },
    ],
  },
  {
    route: paths.certificates,
    title: null,
    load: () => import('../features/certificates/certificates-area').then((m) => m.CertificatesArea),
    children: [
      {
        route: paths.certificatesFindIssue,
        title: key('certificates.tabs.find_issue'),
        load: () => import('../features/certificates/find-issue-page').then((m) => m.FindIssuePage),
      },
      {
        route: paths.certificatesRegister,
        title: key('certificates.tabs.register'),
        load: () => import('../features/certificates/register-page').then((m) => m.RegisterPage),
      },
      {
        route: paths.certificatesAssign,
        title: key('certificates.tabs.assign'),
        load: () => import('../features/certificates/assign-page').then((m) => m.AssignPage),
      },
      {
        route: paths.certificatesQualityChecks,
        title: key('certificates.tabs.quality_checks'),
        load: () => import('../features/certificates/quality-page').then((m) => m.QualityPage),
      },
      {
        route: paths.certificatesDelivery,
        title: key('certificates.tabs.delivery'),
        load: () => import('../features/certificates/deliveries-page').then((m) => m.DeliveriesPage),
      },
      {
        route: paths.certificatesNewDelivery,
        title: key('certificates.tabs.new_delivery'),
        load: () => import('../features/certificates/new-delivery-page').then((m) => m.NewDeliveryPage),
      },
      {
        route: paths.certificatesTemplates,
        title: key('certificates.tabs.templates'),
        load: () => import('../features/certificates/templates-page').then((m) => m.TemplatesPage),
      },
    ],
  },
  {
    route: paths.warranty,
    title: null,
    load: () => import('../features/warranty/warranty-area').then((m) => m.WarrantyArea),
    children: [
      {
        route: paths.warrantyDecode,
        title: key('warranty.tabs.decode'),
        load: () => import('../features/warranty/decode-page').then((m) => m.DecodePage),
      },
      {
        route: paths.warrantyBulk,
        title: key('warranty.tabs.bulk'),
        load: () => import('../features/warranty/bulk-page').then((m) => m.BulkPage),
      },
    ],
  },
  {
    route: paths.serial,
    title: null,
    load: () => import('../features/serial-ranges/serial-area').then((m) => m.SerialArea),
    children: [
      {
        route: paths.serialConfiguration,
        title: key('serial_ranges.tabs.configuration'),
        load: () => import('../features/serial-ranges/configuration-page').then((m) => m.ConfigurationPage),
      },
      {
        route: paths.serialReport,
        title: key('serial_ranges.tabs.report'),
        load: () => import('../features/serial-ranges/report-page').then((m) => m.ReportPage),
      },
    ],
  },
  {
    route: paths.webhooks,
    title: key('webhooks.page.title'),
    load: () => import('../features/webhooks/webhooks-page').then((m) => m.WebhooksPage),
  },
  {
    route: paths.factory,
    title: key('factory.page.title'),
    load: () => import('../features/factory/factory-page').then((m) => m.FactoryPage),
  },
  {
    route: paths.configuration,
    // Its tabs share names with other areas' (Import, Users): the area names itself first.
    title: key('configuration.page.title'),
    load: () => import('../features/configuration/configuration-area').then((m) => m.ConfigurationArea),
    children: [
      {
        route: paths.configurationGroups,
        title: key('configuration.tabs.groups'),
        load: () => import('../features/configuration/groups-page').then((m) => m.GroupsPage),
      },
      {
        route: paths.configurationDevices,
        title: key('configuration.tabs.devices'),
        load: () => import('../features/configuration/devices-page').then((m) => m.DevicesPage),
      },
      {
        route: paths.configurationUsers,
        title: key('configuration.tabs.users'),
        load: () => import('../features/configuration/users-page').then((m) => m.UsersPage),
      },
      {
        route: paths.configurationPartNumbers,
        title: key('configuration.tabs.part_numbers'),
        load: () => import('../features/configuration/part-numbers-page').then((m) => m.PartNumbersPage),
      },
      {
        route: paths.configurationMigration,
        title: key('configuration.tabs.migration'),
        load: () => import('../features/configuration/migration-page').then((m) => m.MigrationPage),
      },
    ],
  },
  {
    route: paths.corruptedJobs,
    title: key('corrupted_jobs.page.title'),
    load: () => import('../features/corrupted-jobs/corrupted-jobs-page').then((m) => m.CorruptedJobsPage),
  },
  {
    route: paths.logs,
    title: key('audit.page.title'),
    load: () => import('../features/audit/logs-page').then((m) => m.LogsPage),
  },
  {
    route: paths.dashboard,
    title: key('dashboard.page.title'),
    load: () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
  },
  {
    route: paths.userSpace,
    title: key('user_space.page.title'),
    load: () => import('../features/user-space/user-space-page').then((m) => m.UserSpacePage),
  },
  {
    route: paths.services,
    title: key('services.page.title'),
    load: () => import('../features/services/services-page').then((m) => m.ServicesPage),
  },
  {
    route: paths.calibrationRequest,
    title: key('calibration_request.page.title'),
    load: () =>
      import('../features/orders/customer/calibration-request-page').then((m) => m.CalibrationRequestPage),
  },
  {
    route: paths.addressBook,
    title: key('services.address_book.title'),
    load: () => import('../features/orders/address-book/address-book-page').then((m) => m.AddressBookPage),
  },
  {
    route: paths.userOrders,
    title: key('orders.page.title'),
    load: () => import('../features/orders/orders-page').then((m) => m.OrdersPage),
  },
  {
    route: paths.userOrder,
    title: key('orders.detail.tab_title'),
    load: () => import('../features/orders/customer/order-page').then((m) => m.OrderPage),
  },
  {
    route: paths.ordersManagement,
    title: null,
    load: () =>
      import('../features/orders/management/orders-management-area').then((m) => m.OrdersManagementArea),
    children: [
      {
        route: paths.ordersManagementOrders,
        title: key('orders_management.tabs.orders'),
        load: () => import('../features/orders/management/staff-orders-page').then((m) => m.StaffOrdersPage),
      },
      {
        route: paths.ordersManagementPackages,
        title: key('orders_management.tabs.packages'),
        load: () => import('../features/orders/management/packages-page').then((m) => m.PackagesPage),
      },
      {
        route: paths.ordersManagementPickups,
        title: key('orders_management.tabs.pickups'),
        load: () => import('../features/orders/management/pickups-page').then((m) => m.PickupsPage),
      },
      {
        route: paths.ordersManagementAudit,
        title: key('orders_management.tabs.audit'),
        load: () =>
          import('../features/orders/management/carrier-audit-page').then((m) => m.CarrierAuditPage),
      },
      {
        route: paths.ordersManagementCarriers,
        title: key('orders_management.tabs.carriers'),
        load: () =>
          import('../features/catalogue/shipment-providers-page').then((m) => m.ShipmentProvidersPage),
      },
    ],
  },
  {
    route: paths.shoppingManagement,
    title: null,
    load: () => import('../features/catalogue/shopping-area').then((m) => m.ShoppingArea),
    children: [
      {
        route: paths.shoppingProducts,
        title: key('catalogue.tabs.products'),
        load: () => import('../features/catalogue/products-page').then((m) => m.ProductsPage),
      },
      {
        route: paths.shoppingSkus,
        title: key('catalogue.tabs.skus'),
        load: () => import('../features/catalogue/skus-page').then((m) => m.SkusPage),
      },
      {
        route: paths.shoppingCurrencies,
        title: key('catalogue.tabs.currencies'),
        load: () => import('../features/catalogue/currencies-page').then((m) => m.CurrenciesPage),
      },
      {
        route: paths.shoppingCategories,
        title: key('catalogue.tabs.categories'),
        load: () => import('../features/catalogue/categories-page').then((m) => m.CategoriesPage),
      },
      {
        route: paths.shoppingPaymentMethodTypes,
        title: key('catalogue.tabs.payment_method_types'),
        load: () =>
          import('../features/catalogue/payment-method-types-page').then((m) => m.PaymentMethodTypesPage),
      },
    ],
  },
  {
    route: paths.internalSteps,
    title: key('internal_steps.title'),
    load: () => import('../features/service-centers/internal-steps-page').then((m) => m.InternalStepsPage),
  },
  {
    route: paths.serviceCenterManagement,
    title: null,
    load: () => import('../features/service-centers/service-center-area').then((m) => m.ServiceCenterArea),
    children: [
      {
        route: paths.serviceCenters,
        title: key('service_centers.tabs.centers'),
        load: () =>
          import('../features/service-centers/service-centers-page').then((m) => m.ServiceCentersPage),
      },
    ],
  },
  {
    route: paths.accountingManagement,
    title: null,
    load: () => import('../features/accounting/accounting-area').then((m) => m.AccountingArea),
    children: [
      {
        route: paths.accountingAccounts,
        title: key('accounting.tabs.accounts'),
        load: () => import('../features/accounting/accounts-page').then((m) => m.AccountsPage),
      },
      {
        route: paths.accountingCustomerAccounts,
        title: key('accounting.tabs.customer_accounts'),
        load: () =>
          import('../features/accounting/customer-accounts-page').then((m) => m.CustomerAccountsPage),
      },
      {
        route: paths.accountingSalesJournal,
        title: key('accounting.tabs.sales_journal'),
        load: () => import('../features/accounting/journal-page').then((m) => m.SalesJournalPage),
      },
      {
        route: paths.accountingPaymentsJournal,
        title: key('accounting.tabs.payments_journal'),
        load: () => import('../features/accounting/journal-page').then((m) => m.PaymentsJournalPage),
      },
      {
        route: paths.accountingCustoms,
        title: key('accounting.tabs.customs'),
        load: () =>
          import('../features/accounting/customs-declarations-page').then((m) => m.CustomsDeclarationsPage),
      },
      {
        route: paths.accountingBillingCurrencies,
        title: key('accounting.tabs.billing_currencies'),
        load: () =>
          import('../features/accounting/billing-currencies-page').then((m) => m.BillingCurrenciesPage),
      },
    ],
  },
  {
    route: paths.accountingOrder,
    title: key('orders.accounting.tab_title'),
    load: () => import('../features/orders/accounting-order-page').then((m) => m.AccountingOrderPage),
  },
  {
    route: paths.translationsManagement,
    title: null,
    load: () => import('../features/translations/translations-area').then((m) => m.TranslationsArea),
    children: [
      {
        route: paths.translationsList,
        title: key('translations.tabs.translations'),
        load: () => import('../features/translations/translations-page').then((m) => m.TranslationsPage),
      },
      {
        route: paths.translationsTargets,
        title: key('translations.tabs.targets'),
        load: () => import('../features/translations/targets-page').then((m) => m.TargetsPage),
      },
      {
        route: paths.translationsLanguages,
        title: key('translations.tabs.languages'),
        load: () => import('../features/translations/languages-page').then((m) => m.LanguagesPage),
      },
      {
        route: paths.translationsObjects,
        title: key('translations.tabs.objects'),
        load: () => import('../features/translations/objects-page').then((m) => m.ObjectsPage),
      },
    ],
  },
  {
    route: paths.statistics,
    title: null,
    load: () => import('../features/statistics/statistics-area').then((m) => m.StatisticsArea),
    children: [
      {
        route: paths.statisticsEsat,
        title: key('statistics.tabs.esat'),
        load: () => import('../features/statistics/esat-area').then((m) => m.EsatArea),
        children: [
          {
            route: paths.statisticsEsatOverview,
            title: key('statistics.esat.tabs.overview'),
            load: () => import('../features/statistics/overview-page').then((m) => m.EsatOverviewPage),
          },
          {
            route: paths.statisticsEsatAnswers,
            title: key('statistics.esat.tabs.answers'),
            load: () => import('../features/statistics/answers-page').then((m) => m.EsatAnswersPage),
          },
          {
            route: paths.statisticsEsatImport,
            title: key('statistics.esat.tabs.import'),
            load: () => import('../features/statistics/import-page').then((m) => m.EsatImportPage),
          },
        ],
      },
    ],
  },
  {
    route: paths.paymentSuccess,
    title: key('orders.payment.page_title'),
    load: () => import('../features/orders/customer/payment-success-page').then((m) => m.PaymentSuccessPage),
  },
  {
    route: paths.orderRequestQuote,
    title: key('orders.quote.page_title'),
    load: () => import('../features/orders/customer/request-quote-page').then((m) => m.RequestQuotePage),
  },
  {
    route: paths.configurationSettings,
    title: key('settings.page.title'),
    load: () =>
      import('../features/settings/configuration-settings-page').then((m) => m.ConfigurationSettingsPage),
  },
  {
    route: paths.notifications,
    title: key('notifications.page.title'),
    load: () => import('../features/notifications/notifications-page').then((m) => m.NotificationsPage),
  },
  {
    route: paths.alertRules,
    title: key('notifications.rules.title'),
    load: () => import('../features/notifications/alert-rules-page').then((m) => m.AlertRulesPage),
  },
  {
    route: paths.terms,
    title: key('terms.page.title'),
    load: () => import('../features/terms/terms-page').then((m) => m.TermsPage),
  },
  {
    route: paths.about,
    title: key('about.page.title'),
    load: () => import('../features/about/about-page').then((m) => m.AboutPage),
  },
  {
    route: paths.notFound,
    title: key('not_found.page.title'),
    load: () => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage),
  },
  {
    route: paths.desktopAuth,
    title: key('desktop_auth.page.title'),
    load: () => import('../features/desktop-auth/desktop-auth-page').then((m) => m.DesktopAuthPage),
  },
  {
    route: paths.authCallback,
    title: key('auth.callback.signing_in'),
    load: () => import('../features/auth/auth-callback-page').then((m) => m.AuthCallbackPage),
  },
  {
    route: paths.authFailed,
    title: key('auth.failed.title'),
    load: () => import('../features/auth/auth-failed-page').then((m) => m.AuthFailedPage),
  },
  {
    route: paths.sessionExpired,
    title: key('auth.expired.title'),
    load: () => import('../features/auth/session-expired-page').then((m) => m.SessionExpiredPage),
  },
];

/** A screen's route: its chunk (given up after the chunk time-out), title and feature guard. */
export function routeOf({ route, title, load, children }: Screen): RouteObject {
  const page: RouteObject = {
    path: route.path,
    handle: { title } satisfies ScreenHandle,
    lazy: async () => ({ Component: await withChunkTimeout(load) }),
    children: children?.map(routeOf),
  };
  return route.feature === null ? page : { element: <RouteGuard access={route} />, children: [page] };
}

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <DocumentTitle />
        <ShellLayout />
      </>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <ScreenFrame />,
        // Shown while the first screen's chunk loads: below the shell, so the top bar and footer are there
        // from the first load on.
        hydrateFallbackElement: <ScreenFrame loading />,
        // A failing screen keeps the top bar and footer around its error.
        errorElement: <RouteErrorPage />,
        children: [
          {
            element: <RouteGuard access={paths.userSpace} />,
            children: [{ index: true, element: <StartRedirect /> }],
          },
          ...SCREENS.map(routeOf),
          { path: '*', element: <Navigate to={{ pathname: paths.notFound.path }} replace /> },
        ],
      },
    ],
  },
];
