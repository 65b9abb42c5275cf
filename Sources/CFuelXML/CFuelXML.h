#ifndef CFUELXML_H
#define CFUELXML_H
// Debian's libxml2 is built with ICU; its ICU headers clash with the ICU inside Foundation
// in debug builds ('UErrorCode' has different definitions). We never use libxml2's ICU API.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
