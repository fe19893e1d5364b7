export interface Classification {
  relation: 'new' | 'identical' | 'modified' | null;
  similarity: number | null;
  comparedScanId: number | null;
}
