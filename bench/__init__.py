"""Scripts that print measured figures as JSON (run each as a script)."""
