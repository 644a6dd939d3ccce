/** KTX 1 constants shared by the module, the reader and the writer. */
export const KTX_FORMAT = 'ktx';
export const KTX_HEADER_SIZE = 64;
/** `«KTX 11»\r\n\x1A\n`. */
export const KTX_IDENTIFIER = [
  0xab, 0x4b, 0x54, 0x58, 0x20, 0x31, 0x31, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a,
];
