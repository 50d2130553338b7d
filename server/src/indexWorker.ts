// Entry of the language server's index worker threads (see lsp/indexWorkers.ts): only
// the check code, so a worker is ready in a fraction of the server bundle's load time.
import { runIndexWorker } from './lsp/indexWorkers';

runIndexWorker();
