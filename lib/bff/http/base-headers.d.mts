export declare const baseHeaders: Readonly<Record<string, string>>;
