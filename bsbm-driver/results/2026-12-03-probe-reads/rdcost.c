// What a random 4 KB read of a file costs the machine's CPUs on this VM, by how reads are issued.
// rdcost FILE MODE BATCH COUNT: MODE sync | hint | uring | direct-sync | direct-uring.
// Prints reads/s and the machine's CPU ms (from /proc/stat: user+nice+system+irq+softirq) a 1,000
// reads. Run with the OS cache dropped and nothing else busy.
#define _GNU_SOURCE
#include <fcntl.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static long long busy_ticks(void) {
  FILE *f = fopen("/proc/stat", "r");
  long long u, n, s, idle, io, irq, sirq, steal;
  if (fscanf(f, "cpu %lld %lld %lld %lld %lld %lld %lld %lld", &u, &n, &s, &idle, &io, &irq, &sirq,
             &steal) != 8) exit(2);
  fclose(f);
  return u + n + s + irq + sirq;
}

int main(int argc, char **argv) {
  const char *file = argv[1], *mode = argv[2];
  int batch = atoi(argv[3]);
  long count = atol(argv[4]);
  int direct = strncmp(mode, "direct", 6) == 0;
  int fd = open(file, O_RDONLY | (direct ? O_DIRECT : 0));
  if (fd < 0) { perror("open"); return 1; }
  posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
  off_t size = lseek(fd, 0, SEEK_END);
  long pages = size / 4096;
  char *buf;
  posix_memalign((void **)&buf, 4096, 4096L * batch);
  struct io_uring ring;
  if (strstr(mode, "uring")) io_uring_queue_init(256, &ring, 0);
  srand48(getpid());
  long long t0 = busy_ticks();
  double w0 = now();
  for (long done = 0; done < count; done += batch) {
    off_t off[batch];
    for (int i = 0; i < batch; i++) off[i] = (off_t)(drand48() * pages) * 4096;
    if (strstr(mode, "uring")) {
      for (int i = 0; i < batch; i++) {
        struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);
        io_uring_prep_read(sqe, fd, buf + 4096L * i, 4096, off[i]);
      }
      io_uring_submit_and_wait(&ring, batch);
      struct io_uring_cqe *cqe;
      for (int i = 0; i < batch; i++) {
        io_uring_wait_cqe(&ring, &cqe);
        if (cqe->res != 4096) { fprintf(stderr, "res %d\n", cqe->res); return 1; }
        io_uring_cqe_seen(&ring, cqe);
      }
    } else {
      if (strcmp(mode, "hint") == 0)
        for (int i = 0; i < batch; i++) posix_fadvise(fd, off[i], 4096, POSIX_FADV_WILLNEED);
      for (int i = 0; i < batch; i++)
        if (pread(fd, buf + 4096L * i, 4096, off[i]) != 4096) { perror("pread"); return 1; }
    }
  }
  double secs = now() - w0;
  long long ticks = busy_ticks() - t0;
  double ms = ticks * 1000.0 / sysconf(_SC_CLK_TCK);
  printf("%-12s batch %3d: %8.0f reads/s, %6.1f us of CPU a read\n", mode, batch, count / secs,
         ms * 1000.0 / count);
  return 0;
}
