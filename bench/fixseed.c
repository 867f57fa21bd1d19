/* fixseed.c - loaded into the programs the bench counts under callgrind (LD_PRELOAD), so that
 * libxml2's dictionaries and hash tables take the same seed every run: with a random seed, two
 * counts of one command differ by up to 0.5%, as much as the margins the bench judges. libxml2
 * 2.9 seeds them with rand_r (__xmlRandom); nothing else the bench runs calls it.
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
int rand_r(unsigned *seed);

int rand_r(unsigned *seed)
{
	(void)seed;
	return 12345;
}
