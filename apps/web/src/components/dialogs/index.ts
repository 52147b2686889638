export { confirm, type ConfirmOptions } from './confirm-dialog';
export { prompt, type PromptOptions } from './prompt-dialog';
export { hardConfirm } from './hard-confirm-dialog';
export { softConfirm } from './soft-validation-dialog';
export { dialogErrorText } from './dialog-error';
