import { bodyTooLong } from './content/bodyTooLong';
import { descriptionQuality } from './content/descriptionQuality';
import { frameBreakout } from './content/frameBreakout';
import { angleBrackets } from './fields/angleBrackets';
import { fieldEmpty } from './fields/fieldEmpty';
import { fieldMissing } from './fields/fieldMissing';
import { fieldTooLong } from './fields/fieldTooLong';
import { fieldType } from './fields/fieldType';
import { fieldUnsupported } from './fields/fieldUnsupported';
import { fieldValue } from './fields/fieldValue';
import { listingTruncated } from './fields/listingTruncated';
import { nameFolderMismatch } from './fields/nameFolderMismatch';
import { nameFormat } from './fields/nameFormat';
import { nameReservedWord } from './fields/nameReservedWord';
import { unknownField } from './fields/unknownField';
import { delimiterSpaces } from './frontmatter/delimiterSpaces';
import { duplicateKey } from './frontmatter/duplicateKey';
import { frontmatterEmpty } from './frontmatter/frontmatterEmpty';
import { byteOrderMark } from './frontmatter/byteOrderMark';
import { frontmatterMissing } from './frontmatter/frontmatterMissing';
import { frontmatterNotAtStart } from './frontmatter/frontmatterNotAtStart';
import { frontmatterNotMapping } from './frontmatter/frontmatterNotMapping';
import { frontmatterUnterminated } from './frontmatter/frontmatterUnterminated';
import { frontmatterTooLarge } from './frontmatter/frontmatterTooLarge';
import { skillFileName } from './frontmatter/skillFileName';
import { unquotedColon } from './frontmatter/unquotedColon';
import { yamlSyntax } from './frontmatter/yamlSyntax';
import { yamlUnsupportedSyntax } from './frontmatter/yamlUnsupportedSyntax';
import { yamlTab } from './frontmatter/yamlTab';
import { yamlValueError } from './frontmatter/yamlValueError';
import { innerDelimiter } from './frontmatter/innerDelimiter';
import { frontmatterContractRules } from '../contracts/frontmatterRules';
import { agentWithoutFork, forkWithoutAgent } from './claude/forkAgent';
import { argumentHintMissing, argumentUndeclared, argumentUnused } from './claude/argumentRules';
import { bashUnscoped, toolPatternMalformed, toolUnknown } from './claude/toolRules';
import { hooksSchema } from './claude/hooksSchema';
import { commandInjectionCount } from './claude/commandInjection';
import { sideEffectsModelInvoked } from './claude/sideEffects';
import { nameAdvisedFormat } from './claude/nameAdvised';
import { toolReferenceUnknown } from './copilot/toolReference';
import { metadataValueNotString } from './fields/metadataValues';
import { allowedToolsList } from './fields/allowedToolsList';
import { timeSensitiveWording } from './content/timeSensitive';
import { descriptionPerson } from './content/descriptionPerson';
import type { Rule } from './types';

/** Every document rule, in the order their diagnostics are listed. */
export const documentRules: readonly Rule[] = [
  skillFileName,
  frontmatterMissing,
  byteOrderMark,
  frontmatterNotAtStart,
  frontmatterUnterminated,
  frontmatterTooLarge,
  frontmatterNotMapping,
  frontmatterEmpty,
  delimiterSpaces,
  innerDelimiter,
  yamlSyntax,
  unquotedColon,
  duplicateKey,
  yamlUnsupportedSyntax,
  yamlTab,
  yamlValueError,
  fieldMissing,
  fieldEmpty,
  fieldType,
  fieldValue,
  fieldTooLong,
  nameFormat,
  nameFolderMismatch,
  nameReservedWord,
  angleBrackets,
  unknownField,
  fieldUnsupported,
  listingTruncated,
  descriptionQuality,
  bodyTooLong,
  nameAdvisedFormat,
  agentWithoutFork,
  forkWithoutAgent,
  argumentHintMissing,
  argumentUnused,
  argumentUndeclared,
  toolUnknown,
  toolPatternMalformed,
  bashUnscoped,
  hooksSchema,
  commandInjectionCount,
  sideEffectsModelInvoked,
  toolReferenceUnknown,
  metadataValueNotString,
  allowedToolsList,
  descriptionPerson,
  timeSensitiveWording,
  frameBreakout,
  // contract fields in the frontmatter (skill.yaml's rules; see contracts/frontmatterRules.ts)
  ...frontmatterContractRules,
];
