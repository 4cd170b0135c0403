export declare const baseHeaders: Readonly<Record<string, string>>;
export declare const isFramablePath: (path: string) => boolean;
export declare const unframableHeaders: Readonly<Record<string, string>>;
export declare const unframablePathsSource: string;
