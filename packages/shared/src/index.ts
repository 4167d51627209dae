export * from './roles.ts';
export * from './api.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './contact.ts';
export * from './site.ts';
export * from './dashboard.ts';
export * from './messages.ts';
