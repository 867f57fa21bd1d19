#include <criterion/criterion.h>
Test(placeholder, check) { cr_assert(0); }
