import {
  migrationPreviewAnswerSchema,
  taskRequestAnswerSchema,
  type MigrationPreviewBody,
  type MigrationRequest,
} from '@fleet/contract';
import { apiRequest } from '../../lib/api';

export const previewMigration = (body: MigrationPreviewBody) =>
  apiRequest('/Configuration/Migration/Preview', {
    method: 'POST',
    body,
    schema: migrationPreviewAnswerSchema,
  });

export const requestMigration = (body: MigrationRequest) =>
  apiRequest('/Configuration/Migration', { method: 'POST', body, schema: taskRequestAnswerSchema });
