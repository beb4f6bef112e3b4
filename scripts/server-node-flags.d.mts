export declare const serverHeapMb: number;
export declare function serverNodeFlags(nodeOptions: string | undefined): string[];
