import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateRegisterSchema,
  certificateValidityMapSchema,
  certificateValiditySchema,
  serialNumberListSchema,
  CERTIFICATE_DOCUMENT_MAX_BYTES,
  certificateIssueListAnswerSchema,
  certificateListAnswerSchema,
  certificateSchema,
  idParamSchema,
  CERTIFICATE_QUALITY_ROLES,
  certificateAssignmentSchema,
  certificateReviewSchema,
  certificateTemplateBodySchema,
  certificateTemplateListSchema,
  certificateTemplateSchema,
  certificateDeliveryBodySchema,
  certificateDeliveryListSchema,
  createdDeliverySchema,
  deliveryCandidateListSchema,
  deliveryEmailSchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { createMailer } from '../../lib/mailer.ts';
import { acceptedLanguages, signedInUser } from '../../lib/request.ts';
import { exportLocaleOf } from '../tasks/list-export.ts';
import {
  DELIVERY_QUERY,
  createDelivery,
  deliveryCandidates,
  deliveryEmail,
  listDeliveries,
} from './deliveries.ts';
import { receiveUpload } from '../../lib/upload.ts';
import { fileContent } from '../../lib/route-docs.ts';
import {
  CERTIFICATE_ISSUE_QUERY,
  CERTIFICATE_QUERY,
  assignCertificate,
  certificateDocument,
  reviewCertificate,
  certificateIssues,
  listCertificates,
  registerCertificate,
} from './records.ts';
import { certificateValidities, certificateValidity } from './service.ts';
import { deleteTemplate, listTemplates, saveTemplate } from './templates.ts';

const tags = ['certificates'];

export async function certificateRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  await app.register(multipart, { throwFileSizeLimit: false });

  routes.post(
    '/api/Certificates',
    {
      config: { access: { feature: 'CERTIFICATES.REGISTER' }, audit: { actions: ['certificate.register'] } },
      schema: {
        operationId: 'registerCertificate',
        tags,
        summary: 'Registers a calibration certificate, with its PDF document',
        description:
          'multipart/form-data with the fields number, serialNumber (the device; internal staff may leave it for later assignment), documentSerialNumber, calibrationDate (YYYY-MM-DD), validityMonths (12 by default) or endOfValidityDate, checkPassed (true, false, unknown), laboratory, and an optional file part named document (a PDF of at most 10 MB). 409 when the number is registered already.',
        consumes: ['multipart/form-data'],
        ownBody: z.object({
          ...certificateRegisterSchema.shape,
          document: fileContent('The certificate, a PDF of at most 10 MB').optional(),
        }),
        response: { 201: certificateSchema },
      },
    },
    async (request, reply) => {
      const upload = await receiveUpload(request, {
        work: app.workFiles.temp,
        maxBytes: CERTIFICATE_DOCUMENT_MAX_BYTES,
        subject: 'certificate',
        fileField: 'document',
      });
      return reply
        .status(201)
        .send(await registerCertificate(db(), app.media, signedInUser(request), upload));
    },
  );
  routes.get(
    '/api/Certificates',
    {
      config: { access: { feature: 'CERTIFICATES' } },
      schema: {
        operationId: 'listCertificates',
        tags,
        summary: 'Registered certificates, newest first, filtered by text, quality and assignment',
        querystring: listQuerySchema(CERTIFICATE_QUERY),
        response: { 200: certificateListAnswerSchema },
      },
    },
    async (request) => listCertificates(db(), signedInUser(request), request.query),
  );
  routes.get(
    '/api/Certificates/Issues',
    {
      config: { access: { feature: 'CERTIFICATES.FIND' } },
      schema: {
        operationId: 'listCertificateIssues',
        tags,
        summary: 'Devices whose certificates have an issue: expired, expiring, missing or mismatch',
        querystring: listQuerySchema(CERTIFICATE_ISSUE_QUERY),
        response: { 200: certificateIssueListAnswerSchema },
      },
    },
    async (request) => certificateIssues(db(), signedInUser(request), request.query),
  );
  routes.put(
    '/api/Certificates/:id/device',
    {
      config: { access: { feature: 'CERTIFICATES.ASSIGN' }, audit: { actions: ['certificate.assign'] } },
      schema: {
        operationId: 'assignCertificate',
        tags,
        summary: 'Assigns a certificate to a device; the device’s status follows',
        params: z.object({ id: idParamSchema }),
        body: certificateAssignmentSchema,
        response: { 200: certificateSchema },
      },
    },
    async (request) =>
      assignCertificate(db(), signedInUser(request), request.params.id, request.body.serialNumber),
  );
  routes.put(
    '/api/Certificates/:id/quality',
    {
      config: {
        access: { feature: 'CERTIFICATES', roles: CERTIFICATE_QUALITY_ROLES },
        audit: { actions: ['certificate.quality'] },
      },
      schema: {
        operationId: 'reviewCertificate',
        tags,
        summary:
          'Quality’s review of a pending certificate: approved, or rejected with a note (it then no longer counts)',
        params: z.object({ id: idParamSchema }),
        body: certificateReviewSchema,
        response: { 200: certificateSchema },
      },
    },
    async (request) => reviewCertificate(db(), signedInUser(request), request.params.id, request.body),
  );
  routes.get(
    '/api/Certificates/:id/document',
    {
      config: { access: { feature: 'CERTIFICATES' } },
      schema: {
        operationId: 'getCertificateDocument',
        tags,
        summary: "A link to a certificate's document (404 when it has none)",
        params: z.object({ id: idParamSchema }),
        response: { 200: z.object({ mediaLink: z.string() }) },
      },
    },
    async (request) => certificateDocument(db(), app.media, signedInUser(request), request.params.id),
  );

  templateRoutes(app);
  deliveryRoutes(app, options);

  routes.get(
    '/api/DeviceCertificate/Validity/:id',
    {
      config: { access: { feature: 'CERTIFICATESSTATUSES' } },
      schema: {
        operationId: 'getCertificateValidity',
        tags: ['certificates'],
        summary:
          'Calibration validity of one series (id or serial number): status Ok, Warning (30 days or less), Urgent (7 or less), Expired, or null without certificate',
        params: z.object({ id: z.string().min(1).max(32) }),
        response: { 200: certificateValiditySchema },
      },
    },
    async (request) => certificateValidity(app.database.db, signedInUser(request), request.params.id),
  );

  routes.post(
    '/api/DeviceCertificate/Validity/status',
    {
      config: {
        access: { feature: 'CERTIFICATESSTATUSES' },
        audit: { none: 'a read: the statuses of many devices' },
      },
      schema: {
        operationId: 'getCertificateValidities',
        tags: ['certificates'],
        summary:
          'Calibration validity of up to 100 series, keyed by the identifiers sent; series the user may not see are left out',
        body: serialNumberListSchema,
        response: { 200: certificateValidityMapSchema },
      },
    },
    async (request) =>
      Object.fromEntries(await certificateValidities(app.database.db, signedInUser(request), request.body)),
  );
}

/** Certificate templates (docs/company-tools.md): a document's text per device type, with placeholders. */
function templateRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const params = z.object({ deviceType: z.string().min(1).max(32) });
  routes.get(
    '/api/Certificates/Templates',
    {
      config: { access: { feature: 'CERTIFICATES.TEMPLATES' } },
      schema: {
        operationId: 'listCertificateTemplates',
        tags,
        summary: 'The certificate templates, and the device types of the fleet',
        response: { 200: certificateTemplateListSchema },
      },
    },
    async () => listTemplates(db()),
  );
  routes.put(
    '/api/Certificates/Templates/:deviceType',
    {
      config: {
        access: { feature: 'CERTIFICATES.TEMPLATES' },
        audit: { actions: ['certificate-template.update'] },
      },
      schema: {
        operationId: 'saveCertificateTemplate',
        tags,
        summary: 'Sets the template of a device type (* for every type without one of its own)',
        description:
          'The text may hold the placeholders {{certificateNumber}}, {{serialNumber}}, {{deviceType}}, {{partNumber}}, {{companyName}}, {{calibrationDate}}, {{endOfValidityDate}}, {{checkOutcome}} and {{laboratory}}; another is a 400. A certificate registered without a document gets one written from its device type’s template.',
        params,
        body: certificateTemplateBodySchema,
        response: { 200: certificateTemplateSchema },
      },
    },
    async (request) =>
      saveTemplate(db(), signedInUser(request), request.params.deviceType, request.body.body),
  );
  routes.delete(
    '/api/Certificates/Templates/:deviceType',
    {
      config: {
        access: { feature: 'CERTIFICATES.TEMPLATES' },
        audit: { actions: ['certificate-template.delete'] },
      },
      schema: {
        operationId: 'deleteCertificateTemplate',
        tags,
        summary: 'Deletes a device type’s template',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTemplate(db(), signedInUser(request), request.params.deviceType);
      return reply.status(204).send(null);
    },
  );
}

/** Certificate deliveries (docs/company-tools.md): a company's certificates sent to recipients by e-mail. */
function deliveryRoutes(app: FastifyInstance, options: { section: string; languages: readonly string[] }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const mailer = createMailer(app.config.smtp);
  routes.get(
    '/api/Certificates/Deliveries',
    {
      config: { access: { feature: 'CERTIFICATES.DELIVERY' } },
      schema: {
        operationId: 'listCertificateDeliveries',
        tags,
        summary: 'Certificate deliveries, newest first, filtered by company',
        querystring: listQuerySchema(DELIVERY_QUERY),
        response: { 200: certificateDeliveryListSchema },
      },
    },
    async (request) => listDeliveries(db(), request.query),
  );
  routes.get(
    '/api/Certificates/Deliveries/Candidates',
    {
      config: { access: { feature: 'CERTIFICATES.NEW_DELIVERY' } },
      schema: {
        operationId: 'listDeliveryCandidates',
        tags,
        summary: 'The latest certificate not rejected of each device of a company, to deliver',
        querystring: z.object({ Company: z.uuid() }).strict(),
        response: { 200: deliveryCandidateListSchema },
      },
    },
    async (request) => deliveryCandidates(db(), request.query.Company),
  );
  routes.post(
    '/api/Certificates/Deliveries',
    {
      config: {
        access: { feature: 'CERTIFICATES.NEW_DELIVERY' },
        audit: { actions: ['certificate-delivery.create'] },
      },
      schema: {
        operationId: 'createCertificateDelivery',
        tags,
        summary: 'Sends a company’s certificates to recipients by e-mail, with links to their documents',
        description:
          'Each link works for 30 days. A certificate without a document gets one written from its device type’s template (400 when none applies). email says whether the e-mail was sent, refused (emailError) or not sent as e-mail is off (no SMTP_URL); emailText is the e-mail, for staff to send themselves.',
        body: certificateDeliveryBodySchema,
        response: { 201: createdDeliverySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { language } = await exportLocaleOf(
        db(),
        user,
        acceptedLanguages(request.headers['accept-language']),
        options,
      );
      return reply.status(201).send(await createDelivery(app, mailer, user, request.body, language));
    },
  );
  routes.get(
    '/api/Certificates/Deliveries/:id/email',
    {
      config: { access: { feature: 'CERTIFICATES.DELIVERY' } },
      schema: {
        operationId: 'getCertificateDeliveryEmail',
        tags,
        summary: 'A delivery’s e-mail with links made now (valid 30 days), for staff to send themselves',
        params: z.object({ id: idParamSchema }),
        response: { 200: deliveryEmailSchema },
      },
    },
    async (request) => deliveryEmail(app, request.params.id),
  );
}
