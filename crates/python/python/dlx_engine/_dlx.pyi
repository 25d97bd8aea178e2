"""The native half of dlx_engine (Rust): names and indices in, plain values out."""

from typing import Dict, Iterator, List, Optional, Tuple

__version__: str

class Found:
    """What a search found: its figures (those of Knuth's program for its engine), the exact
    count, and how it ended."""

    count: int
    nodes: int
    updates: int
    cleansings: int
    complete: bool
    stopped: Optional[str]
    engine: str
    program: str
    threads: int
    profile: List[int]

class Solutions(Iterator[List[int]]):
    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> List[int]: ...

class Zdd:
    num_nodes: int
    def count(self) -> int: ...
    def count_by_size(self) -> Dict[int, int]: ...
    def sample(self, n: int, seed: int = 0) -> List[List[int]]: ...
    def solutions(self, n: Optional[int] = None) -> List[List[int]]: ...
    def to_text(self) -> str: ...
    def __iter__(self) -> Solutions: ...

class RawProblem:
    num_items: int
    num_primary: int
    num_options: int
    @staticmethod
    def build(
        primary: List[str],
        secondary: List[str],
        options: List[List[int]],
        colors: Optional[List[List[int]]] = None,
        color_names: List[str] = ...,
        bounds: Optional[List[Optional[Tuple[int, int]]]] = None,
        costs: Optional[List[int]] = None,
    ) -> "RawProblem": ...
    @staticmethod
    def from_bool(rows: int, cols: int, bytes: bytes) -> Tuple["RawProblem", Optional[List[int]]]: ...
    @staticmethod
    def from_knuth(text: str) -> Tuple["RawProblem", List[int]]: ...
    def to_knuth(self) -> str: ...
    def item_names(self) -> List[str]: ...
    def options(self) -> List[List[int]]: ...
    def search(
        self,
        task: str = "count",
        engine: str = "auto",
        threads: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        limit: Optional[int] = None,
        max_memory: Optional[int] = None,
        preprocess: bool = False,
        components: bool = False,
    ) -> Found: ...
    def solutions(
        self,
        engine: str = "auto",
        limit: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        rows: Optional[List[int]] = None,
    ) -> Solutions: ...
    def best(
        self,
        k: int,
        bound: Optional[int] = None,
        threads: Optional[int] = None,
        ordered: bool = False,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Tuple[Found, List[Tuple[int, List[int]]]]: ...
    def zdd(
        self,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Tuple[Found, Optional[Zdd]]: ...
    def preprocess(self) -> Tuple["RawProblem", List[int], int, int, int]: ...
    def estimate(self, engine: str = "auto") -> float: ...
    def split(self, k: int, engine: str = "auto") -> List[str]: ...
    def run_job(
        self,
        line: str,
        engine: str = "auto",
        threads: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> str: ...

def covers_bool(rows: int, cols: int, bytes: bytes) -> Solutions: ...
def merge(lines: List[str]) -> str: ...
def engines() -> List[str]: ...
def sudoku_records(
    text: str,
    task: str = "solve",
    limit: Optional[int] = None,
    jobs: int = 0,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    solver: str = "auto",
    name: str = "<input>",
    explain: bool = False,
) -> List[str]: ...
def sudoku_generate(
    n: int = 1,
    size: int = 9,
    symmetry: str = "none",
    difficulty: Optional[str] = None,
    seed: int = 0,
    jobs: int = 0,
    clues: Optional[int] = None,
    max_nodes: int = 1000000,
) -> List[str]: ...
