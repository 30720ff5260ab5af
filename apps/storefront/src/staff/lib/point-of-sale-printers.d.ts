// The @point-of-sale printer packages ship no types: what printer-connection.ts uses of them.
declare module '@point-of-sale/webusb-receipt-printer' {
  export default class WebUSBReceiptPrinter {
    connect(): Promise<void>;
    reconnect(device: object): Promise<void>;
    print(data: Uint8Array): Promise<void>;
    // biome-ignore lint/suspicious/noExplicitAny: the library's event payloads are untyped
    addEventListener(event: string, listener: (info: any) => void): void;
  }
}

declare module '@point-of-sale/webserial-receipt-printer' {
  export default class WebSerialReceiptPrinter {
    connect(): Promise<void>;
    reconnect(device: object): Promise<void>;
    print(data: Uint8Array): Promise<void>;
    // biome-ignore lint/suspicious/noExplicitAny: the library's event payloads are untyped
    addEventListener(event: string, listener: (info: any) => void): void;
  }
}
