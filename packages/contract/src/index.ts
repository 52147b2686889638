export * from './roles.ts';
export * from './features.ts';
export * from './languages.ts';
export * from './time-zones.ts';
export * from './user-configuration.ts';
export * from './webcam.ts';
export * from './api.ts';
export * from './timing.ts';
