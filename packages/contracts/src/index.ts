import './zod-setup';
export * from './auth';
export * from './common';
export * from './concerts';
export * from './constants';
export * from './enums';
export * from './errors';
export * from './health';
export * from './korean';
