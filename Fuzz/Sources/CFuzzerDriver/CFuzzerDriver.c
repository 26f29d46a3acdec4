// Nothing to compile: the header declares a function of libFuzzer's.
#include "CFuzzerDriver.h"
