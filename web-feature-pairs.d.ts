/** The types of web-feature-pairs.js (read by eslint.config.js and apps/web/src/web-layers.test.ts). */
export declare const WEB_FEATURE_PAIRS: ReadonlyArray<readonly [importer: string, imported: string]>;
