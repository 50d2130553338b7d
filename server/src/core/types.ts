// Shapes shared by every part of the core. They mirror LSP's structures (0-based
// line, UTF-16 character) so adapters convert by copying, yet the core never
// imports an LSP or VS Code module.

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'info' | 'hint';
export type SeveritySetting = Severity | 'off';

export interface TextEdit {
  range: Range;
  newText: string;
}

/** Edits to one or more files plus file operations, applied as one undo step. */
export interface WorkspaceChange {
  /** absolute file path -> edits for that file */
  edits: Record<string, TextEdit[]>;
  /** renames of files or folders, applied after the text edits */
  renames?: { from: string; to: string }[];
  /** files to create with their initial content */
  creates?: { path: string; content: string }[];
}

export interface Fix {
  title: string;
  /** Edits in the file that carries the diagnostic. */
  edits?: TextEdit[];
  /** Changes that touch other files or the file system. */
  change?: WorkspaceChange;
  preferred?: boolean;
}

export interface RelatedLocation {
  file: string;
  range: Range;
  message: string;
}

export interface SkillDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  /** absolute path of the file the range is in */
  file: string;
  range: Range;
  fixes?: Fix[];
  related?: RelatedLocation[];
  /** 'unnecessary' renders faded in editors */
  tags?: ('unnecessary' | 'deprecated')[];
}

export interface CancellationToken {
  readonly isCancellationRequested: boolean;
}

export const neverCancelled: CancellationToken = { isCancellationRequested: false };

export interface Logger {
  log(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { log() {}, error() {} };
