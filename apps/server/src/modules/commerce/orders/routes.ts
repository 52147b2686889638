import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calibrationDeviceListAnswerSchema,
  idParamSchema,
  calibrationOptionsSchema,
  orderCreateBodySchema,
  orderListAnswerSchema,
  orderNoteBodySchema,
  orderPreviewAnswerSchema,
  orderPreviewBodySchema,
  orderSchema,
  orderAddressesBodySchema,
  pickupBodySchema,
  quoteAcceptBodySchema,
  quoteBodySchema,
  quoteRequestBodySchema,
  type AuditAction,
  type FeatureCode,
} from '@fleet/contract';
import { listQuerySchema } from '../../../lib/list-request.ts';
import { signedInUser } from '../../../lib/request.ts';
import { userCurrency } from './currency.ts';
import { editOrderAddresses } from './addresses.ts';
import { invoiceLink } from '../accounting/invoice-document.ts';
import { recordTransfer, startCheckout } from '../payments/service.ts';
import {
  acceptQuote,
  cancelOrder,
  deliverOrder,
  nextStep,
  receiveOrder,
  requestQuote,
  schedulePickup,
  sendQuote,
  shipBack,
  startService,
} from './actions.ts';
import {
  CALIBRATION_DEVICE_QUERY,
  calibrationDevices,
  calibrationRequestOptions,
  createOrder,
  previewOrder,
} from './create.ts';
import { orderScope } from './scope.ts';
import { ORDER_QUERY, getOrder, listOrders, reachableCenters, type OrderSide } from './service.ts';

const tags = ['orders'];
const idParams = z.object({ id: idParamSchema });

/**
 * Orders (docs/commerce.md): the customer's calibration request and orders under CALIBRATION_REQUEST and
 * ORDERS, staff's orders management under SHOPPING.MANAGE.ORDERS. Both read the same orders through the
 * same scope: customers their company's, service partners their centers', internal staff all.
 */
export async function orderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const consoleUrl = () => `${app.config.publicUrl}${app.config.basePath}`;

  routes.get(
    '/api/CalibrationRequest/Options',
    {
      config: { access: { feature: 'CALIBRATION_REQUEST' } },
      schema: {
        operationId: 'calibrationRequestOptions',
        tags,
        summary:
          'Service centers, payment methods, the current terms and the currency of a calibration request',
        response: { 200: calibrationOptionsSchema },
      },
    },
    async (request) =>
      calibrationRequestOptions(db(), await userCurrency(db(), signedInUser(request), request)),
  );
  routes.get(
    '/api/CalibrationRequest/Devices',
    {
      config: { access: { feature: 'CALIBRATION_REQUEST' } },
      schema: {
        operationId: 'calibrationRequestDevices',
        tags,
        summary: "The user's devices by calibration due, with their price in the user's currency",
        querystring: listQuerySchema(CALIBRATION_DEVICE_QUERY),
        response: { 200: calibrationDeviceListAnswerSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return calibrationDevices(db(), user, request.query, await userCurrency(db(), user, request));
    },
  );
  routes.post(
    '/api/Orders/Preview',
    {
      config: {
        access: { feature: 'CALIBRATION_REQUEST' },
        audit: { none: 'a price asked, nothing written' },
      },
      schema: {
        operationId: 'previewOrder',
        tags,
        summary: 'Prices a calibration request on the server; nothing is written',
        body: orderPreviewBodySchema,
        response: { 200: orderPreviewAnswerSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return previewOrder(db(), user, request.body, await userCurrency(db(), user, request));
    },
  );
  routes.post(
    '/api/Orders',
    {
      config: { access: { feature: 'CALIBRATION_REQUEST' }, audit: { actions: ['order.create'] } },
      schema: {
        operationId: 'createOrder',
        tags,
        summary: 'Places a calibration request, to pay or to be quoted (lines priced on the server)',
        body: orderCreateBodySchema,
        response: { 201: z.object({ id: z.number().int(), number: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const order = await createOrder(db(), user, request.body, await userCurrency(db(), user, request));
      return reply.status(201).send(order);
    },
  );

  const listOf = (side: OrderSide, feature: FeatureCode, operationId: string, url: string) => {
    routes.get(
      url,
      {
        config: { access: { feature } },
        schema: {
          operationId,
          tags,
          summary:
            side === 'customer'
              ? "The company's orders"
              : 'Orders of every company (service partners: their centers’)',
          querystring: listQuerySchema(ORDER_QUERY),
          response: { 200: orderListAnswerSchema },
        },
      },
      async (request) => listOrders(db(), signedInUser(request), request.query, side),
    );
    routes.get(
      `${url}/:id`,
      {
        config: { access: { feature } },
        schema: {
          operationId: operationId.replace('list', 'get').replace(/s$/, ''),
          tags,
          summary:
            'An order whole: lines, addresses, packages, invoice, timeline and the actions open to the user',
          params: idParams,
          response: { 200: orderSchema },
        },
      },
      async (request) => getOrder(db(), signedInUser(request), request.params.id, side),
    );
  };
  const invoiceOf = (side: OrderSide, feature: FeatureCode, operationId: string, url: string) =>
    routes.get(
      `${url}/:id/Invoice`,
      {
        config: { access: { feature } },
        schema: {
          operationId,
          tags,
          summary: "A link to the order's invoice, a PDF (404 before it is issued)",
          params: idParams,
          response: { 200: z.object({ mediaLink: z.string() }) },
        },
      },
      async (request) => {
        const order = await getOrder(db(), signedInUser(request), request.params.id, side);
        return { mediaLink: await invoiceLink(db(), app.media, order) };
      },
    );
  routes.get(
    '/api/Shop/ServiceCenters',
    {
      config: { access: { feature: 'SHOPPING.MANAGE.ORDERS' } },
      schema: {
        operationId: 'listShopServiceCenters',
        tags,
        summary: 'The service centers whose orders the user reaches (service partners: their own)',
        response: {
          200: z.object({
            serviceCenters: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
          }),
        },
      },
    },
    async (request) => ({ serviceCenters: await reachableCenters(db(), signedInUser(request)) }),
  );
  invoiceOf('customer', 'ORDERS', 'getOrderInvoice', '/api/Orders');
  invoiceOf('staff', 'SHOPPING.MANAGE.ORDERS', 'getShopOrderInvoice', '/api/Shop/Orders');
  invoiceOf('accounting', 'ACCOUNTING_MANAGE', 'getAccountingOrderInvoice', '/api/Accounting/Orders');
  listOf('customer', 'ORDERS', 'listOrders', '/api/Orders');
  listOf('staff', 'SHOPPING.MANAGE.ORDERS', 'listShopOrders', '/api/Shop/Orders');

  /** An action on an order, answered with the order as it is after. */
  const action = <B extends z.ZodType>(options: {
    url: string;
    feature: FeatureCode;
    side: OrderSide;
    audit: AuditAction;
    operationId: string;
    summary: string;
    body: B;
    run: (request: FastifyRequest, id: number, body: z.infer<B>) => Promise<void>;
  }) =>
    routes.post(
      options.url,
      {
        config: { access: { feature: options.feature }, audit: { actions: [options.audit] } },
        schema: {
          operationId: options.operationId,
          tags,
          summary: options.summary,
          params: idParams,
          body: options.body,
          response: { 200: orderSchema },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        await options.run(request, id, request.body as z.infer<B>);
        return getOrder(db(), signedInUser(request), id, options.side);
      },
    );

  const customer = { feature: 'ORDERS' as const, side: 'customer' as const };
  action({
    ...customer,
    url: '/api/Orders/:id/RequestQuote',
    audit: 'order.request-quote',
    operationId: 'requestOrderQuote',
    summary: 'Turns an order awaiting payment (not invoiced) into a quote request',
    body: quoteRequestBodySchema,
    run: (request, id, body) => requestQuote(db(), signedInUser(request), id, body),
  });
  action({
    ...customer,
    url: '/api/Orders/:id/AcceptQuote',
    audit: 'order.accept-quote',
    operationId: 'acceptOrderQuote',
    summary: 'Accepts a quote: the order awaits payment (a bank transfer invoices it)',
    body: quoteAcceptBodySchema,
    run: (request, id, body) => acceptQuote(db(), signedInUser(request), id, body),
  });
  action({
    ...customer,
    url: '/api/Orders/:id/Cancel',
    audit: 'order.cancel',
    operationId: 'cancelOrder',
    summary: 'Cancels an order that is not invoiced yet',
    body: orderNoteBodySchema,
    run: (request, id, body) => cancelOrder(db(), signedInUser(request), id, body.note),
  });
  routes.post(
    '/api/Orders/:id/Checkout',
    {
      config: {
        access: { feature: 'ORDERS' },
        audit: { none: 'a payment is started; its outcome is recorded when the provider confirms it' },
      },
      schema: {
        operationId: 'startOrderCheckout',
        tags,
        summary: "Starts paying an order by card: the provider's checkout to send the customer to",
        params: idParams,
        response: { 200: z.object({ checkoutUrl: z.string() }) },
      },
    },
    async (request) =>
      startCheckout(db(), app.paymentProvider, signedInUser(request), request.params.id, consoleUrl()),
  );

  routes.put(
    '/api/Shop/Orders/:id/Addresses',
    {
      config: {
        access: { feature: 'SHOPPING.MANAGE.ORDERS.ADDRESSES' },
        audit: { actions: ['order.addresses'] },
      },
      schema: {
        operationId: 'editOrderAddresses',
        tags,
        summary:
          "Corrects an order's pick-up and billing addresses before pick-up (409 after it, or for an invoiced order's billing address)",
        params: idParams,
        body: orderAddressesBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await editOrderAddresses(db(), user, request.params.id, request.body);
      return getOrder(db(), user, request.params.id, 'staff');
    },
  );

  const staff = { feature: 'SHOPPING.MANAGE.ORDERS' as const, side: 'staff' as const };
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/Quote',
    audit: 'order.quote',
    operationId: 'sendOrderQuote',
    summary: 'Answers a quote request: parts (priced from the catalogue), a discount, a validity',
    body: quoteBodySchema,
    run: (request, id, body) => sendQuote(db(), signedInUser(request), id, body),
  });
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/RecordPayment',
    audit: 'order.record-payment',
    operationId: 'recordOrderPayment',
    summary: "Records the bank transfer that pays an invoiced order (the note is the transfer's reference)",
    body: orderNoteBodySchema,
    run: (request, id, body) => recordTransfer(db(), signedInUser(request), id, body.note),
  });
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/Pickup',
    audit: 'order.schedule-pickup',
    operationId: 'scheduleOrderPickup',
    summary: "Books the pick-up of a paid order's devices: the carrier's label and pick-up",
    body: pickupBodySchema,
    run: (request, id, body) => schedulePickup(db(), app.media, signedInUser(request), id, body),
  });
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/Receive',
    audit: 'order.receive',
    operationId: 'receiveOrder',
    summary: 'Marks the devices arrived at the center (when the carrier has not scanned them)',
    body: orderNoteBodySchema,
    run: (request, id) => receiveOrder(db(), signedInUser(request), id, orderScope(signedInUser(request))),
  });
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/StartService',
    audit: 'order.start-service',
    operationId: 'startOrderService',
    summary: "Starts the center's work on a received order, at its first internal step",
    body: orderNoteBodySchema,
    run: (request, id) => startService(db(), signedInUser(request), id),
  });
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/NextStep',
    audit: 'order.next-step',
    operationId: 'nextOrderStep',
    summary: 'Moves an order in service to its next internal step',
    body: orderNoteBodySchema,
    run: (request, id) => nextStep(db(), signedInUser(request), id),
  });
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/Ship',
    audit: 'order.ship',
    operationId: 'shipOrder',
    summary: 'Ships the devices back after the last step: the return label and pick-up',
    body: pickupBodySchema,
    run: (request, id, body) => shipBack(db(), app.media, signedInUser(request), id, body),
  });
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/Deliver',
    audit: 'order.deliver',
    operationId: 'deliverOrder',
    summary: 'Marks the devices delivered back (when the carrier has not scanned them)',
    body: orderNoteBodySchema,
    run: (request, id) => deliverOrder(db(), signedInUser(request), id, orderScope(signedInUser(request))),
  });
  action({
    ...staff,
    url: '/api/Shop/Orders/:id/Cancel',
    audit: 'order.cancel',
    operationId: 'cancelShopOrder',
    summary: 'Cancels an order that is not invoiced yet',
    body: orderNoteBodySchema,
    run: (request, id, body) => cancelOrder(db(), signedInUser(request), id, body.note),
  });
}
