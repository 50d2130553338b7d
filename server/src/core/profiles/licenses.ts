/**
 * SPDX identifiers offered when `license:` is completed (suggestions, never enforced:
 * the spec takes any license name or the name of a bundled license file). The most
 * used licenses of public repositories, permissive first.
 */
export const COMMON_LICENSES: readonly string[] = [
  'MIT', 'Apache-2.0', 'BSD-3-Clause', 'BSD-2-Clause', 'ISC', 'MPL-2.0', 'GPL-3.0-only', 'GPL-3.0-or-later',
  'LGPL-3.0-only', 'AGPL-3.0-only', 'Unlicense', 'CC0-1.0', 'CC-BY-4.0',
];
