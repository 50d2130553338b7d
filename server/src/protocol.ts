// Custom requests of the skillmd language server, shared by the server and the
// VS Code client (other editors send them by name; see README "Editors"). Only
// method names and types here, so neither side pulls in the other's JSON-RPC copy.
export interface IndexStatus {
  /** 'indexing' while the background scan of the workspace runs */
  state: 'idle' | 'indexing' | 'ready';
  /** SKILL.md files found */
  total: number;
  /** files checked so far in the current run */
  done: number;
  /** wall time of the last complete run */
  durationMs?: number;
  /** complete runs so far */
  runs: number;
  /** how diagnostics reach the client */
  diagnosticMode: 'pull' | 'push';
}

/** `skillmd/indexStatus` (no params) → IndexStatus: the state of the workspace index. */
export const INDEX_STATUS = 'skillmd/indexStatus';
