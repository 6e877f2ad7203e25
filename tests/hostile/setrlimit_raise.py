# Hostile: Raise a resource limit.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot change their resource limits
import resource
resource.setrlimit(resource.RLIMIT_NOFILE, (10, 10))
