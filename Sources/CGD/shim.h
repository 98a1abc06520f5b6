#ifndef REFRESHFRAMES_CGD_SHIM_H
#define REFRESHFRAMES_CGD_SHIM_H
#include <gd.h>
#endif
