export * from './bookings';
export * from './community';
export * from './concerts';
export * from './files';
export * from './mail';
export * from './notifications';
export * from './sellers';
export * from './users';
