/** The formats of every export (DOMAIN.md, Exports): CSV, and Excel beside it. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportFormatNames: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };
