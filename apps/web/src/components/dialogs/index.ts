export { confirm, type ConfirmOptions } from './confirm-dialog';
export { prompt, type PromptAnswer, type PromptOptions } from './prompt-dialog';
export { hardConfirm, type HardConfirmOptions } from './hard-confirm-dialog';
export { softConfirm, type SoftConfirmOptions } from './soft-validation-dialog';
export { dialogErrorText } from './dialog-error';
export type { AsyncValidate, AsyncValidationResult, Validate, ValidationResult } from './validation';
