// The JSON Schema validator and its formats, in one module so that the bundles can keep
// them in a file of their own (server/out/ajv.js, see esbuild.mjs). Load it through
// ./ajv.ts, never directly.
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export { Ajv, Ajv2020, addFormats };
