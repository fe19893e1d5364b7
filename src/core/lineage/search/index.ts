export * from './bounds';
export * from './bounded-lcs';
export * from './candidate-store';
export * from './candidate-search';
export * from './line-stats';
export * from './key-lcs';
