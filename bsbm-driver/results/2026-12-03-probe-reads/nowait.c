#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/uio.h>
#include <unistd.h>
#include <errno.h>
int main(int argc, char **argv) {
  int fd = open(argv[1], O_RDONLY);
  posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
  long pages = lseek(fd, 0, SEEK_END) / 4096;
  char buf[64]; struct iovec iov = {buf, 64};
  int n = 1000; long off[1000]; srand48(7);
  for (int i = 0; i < n; i++) off[i] = (long)(drand48() * pages) * 4096 + 100;
  int first = 0, second = 0;
  for (int i = 0; i < n; i++) first += preadv2(fd, &iov, 1, off[i], RWF_NOWAIT) > 0;
  usleep(300000);
  for (int i = 0; i < n; i++) second += preadv2(fd, &iov, 1, off[i], RWF_NOWAIT) > 0;
  printf("served at once %d of %d; 300 ms later %d\n", first, n, second);
}
