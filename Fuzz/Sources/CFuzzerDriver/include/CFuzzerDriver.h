// libFuzzer's driver, for a program that has its own main (SwiftPM gives
// every executable target one). Defined by libclang_rt.fuzzer, which
// `-sanitize=fuzzer` links.
#ifndef CURTAIN_FUZZER_DRIVER_H
#define CURTAIN_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
