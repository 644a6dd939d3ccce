/** decode-dxt 1.0.1 ships no types: its one export, as its README documents it. */
declare module 'decode-dxt' {
  /** Decodes a DXT1–DXT5 surface to RGBA bytes. */
  function decode(
    imageDataView: DataView,
    imageWidth: number,
    imageHeight: number,
    format?: 'dxt1' | 'dxt2' | 'dxt3' | 'dxt4' | 'dxt5',
  ): Uint8Array;
  export default decode;
}
