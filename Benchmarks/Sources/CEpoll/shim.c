// epoll for LiveLoad's polling subscribers: Swift's Glibc module does not export <sys/epoll.h>.
#include "CEpoll.h"
